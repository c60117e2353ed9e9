// The parts of 'react-native' the app's session code imports, played by the harness: AppState
// (driven by the harness's launch, suspend and resume), NativeModules (the app's own native
// module) and NativeEventEmitter (the broker's account-change broadcast), Platform (iOS).
import { processState, sharedDeviceModeModule } from './native.js';

export const Platform = {
  OS: 'ios',
  select: (choices) => ('ios' in choices ? choices.ios : choices.default),
};

export const NativeModules = { SharedDeviceMode: sharedDeviceModeModule };

export class NativeEventEmitter {
  constructor(nativeModule) {
    this.nativeModule = nativeModule;
  }

  addListener(event, listener) {
    if (!processState.eventListeners.has(event)) processState.eventListeners.set(event, new Set());
    const listeners = processState.eventListeners.get(event);
    listeners.add(listener);
    this.nativeModule?.addListener?.(event);
    return { remove: () => listeners.delete(listener) };
  }
}

export const AppState = {
  get currentState() {
    return processState.appState;
  },
  addEventListener(type, listener) {
    if (type !== 'change') return { remove() {} };
    processState.appStateListeners.add(listener);
    return { remove: () => processState.appStateListeners.delete(listener) };
  },
};

export default { Platform, NativeModules, NativeEventEmitter, AppState };
