// Contoso Shifts' own native module for Shared Device Mode (ios/SharedDeviceMode.m), which
// react-native-msal does not offer: device information, the current account, a silent token for
// it, and the broker's account-change broadcast as an event.
import { NativeModules, NativeEventEmitter } from 'react-native';

const { SharedDeviceMode } = NativeModules;

export const ACCOUNT_CHANGED = 'SharedDeviceModeAccountChanged';
export const sharedDeviceEvents = new NativeEventEmitter(SharedDeviceMode);
export default SharedDeviceMode;
