// @react-native-async-storage/async-storage, kept in the device's storage (harness/native.js).
// On iOS it writes files under Application Support; the adapter reports each key as a file.
import { device } from './native.js';

const AsyncStorage = {
  async getItem(key) {
    return device.asyncStorage.has(key) ? device.asyncStorage.get(key) : null;
  },
  async setItem(key, value) {
    device.asyncStorage.set(key, String(value));
  },
  async removeItem(key) {
    device.asyncStorage.delete(key);
  },
  async multiRemove(keys) {
    for (const key of keys) device.asyncStorage.delete(key);
  },
  async getAllKeys() {
    return [...device.asyncStorage.keys()];
  },
  async clear() {
    device.asyncStorage.clear();
  },
};

export default AsyncStorage;
