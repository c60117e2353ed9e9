// react-native-keychain's generic passwords, kept in the device's storage (harness/native.js).
import { device } from './native.js';

const DEFAULT_SERVICE = 'default';
const serviceOf = (options) => (options && options.service) || DEFAULT_SERVICE;

export async function setGenericPassword(username, password, options) {
  device.keychain.set(serviceOf(options), { username, password });
  return { service: serviceOf(options), storage: 'keychain' };
}

export async function getGenericPassword(options) {
  const item = device.keychain.get(serviceOf(options));
  return item ? { ...item, service: serviceOf(options), storage: 'keychain' } : false;
}

export async function resetGenericPassword(options) {
  device.keychain.delete(serviceOf(options));
  return true;
}

export default { setGenericPassword, getGenericPassword, resetGenericPassword };
