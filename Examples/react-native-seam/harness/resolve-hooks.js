// Node module hooks (module.register) that resolve the app's imports as the harness plays them,
// so that app/ is loaded byte for byte as it ships: the same job as Jest's moduleNameMapper.
//
//   'react-native-msal'                          -> ../msal-harness.js (the wrapper, over the wire)
//   'react-native'                               -> ./react-native.js (AppState, NativeModules...)
//   '@react-native-async-storage/async-storage'  -> ./async-storage.js
//   'react-native-keychain'                      -> ./keychain.js
//   './native/SharedDeviceMode' (no extension)   -> './native/SharedDeviceMode.js', as Metro does
//
// With a variant named (RN_SEAM_VARIANT), app/session.js is loaded with that variant's one edit.
import { readFile } from 'node:fs/promises';
import { applyVariant } from './variants.js';

const MAPPED = {
  'react-native-msal': new URL('../msal-harness.js', import.meta.url).href,
  'react-native': new URL('./react-native.js', import.meta.url).href,
  '@react-native-async-storage/async-storage': new URL('./async-storage.js', import.meta.url).href,
  'react-native-keychain': new URL('./keychain.js', import.meta.url).href,
};
const APP = new URL('../app/', import.meta.url).href;
const SESSION = new URL('../app/session.js', import.meta.url).href;

let variant = '';

export async function initialize(data) {
  variant = (data && data.variant) || '';
}

export async function resolve(specifier, context, nextResolve) {
  if (Object.hasOwn(MAPPED, specifier)) return { url: MAPPED[specifier], shortCircuit: true };
  const fromApp = context.parentURL && context.parentURL.startsWith(APP);
  if (fromApp && /^\.\.?\//.test(specifier) && !/\.[cm]?js$/.test(specifier)) {
    return nextResolve(`${specifier}.js`, context);
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (variant && url.split('?')[0] === SESSION) {
    const shipped = await readFile(new URL(SESSION), 'utf8');
    return { format: 'module', source: applyVariant(variant, shipped), shortCircuit: true };
  }
  return nextLoad(url, context);
}
