// One-mistake variants of the shipped app/session.js, made from it at load time (as a mutation
// test makes its mutants): RN_SEAM_VARIANT=NAME. Each edit must match the shipped file exactly
// once, so a variant that no longer applies fails loudly instead of testing the shipped code.
// `expected` is what was predicted before the first run; `fails` what the catalogue reported.
export const variants = {
  'keep-account-after-signout': {
    mistake: 'sign-out forgets the session on screen but leaves the keychain item and AsyncStorage behind',
    edits: [{
      find: '      report(\'signOut\')(error);\n    }\n  }\n  await clearUserData();',
      replace: '      report(\'signOut\')(error);\n    }\n  }\n  setState({ session: null, records: [] });',
    }],
    expected: ['SL-LOGOUT-3', 'SL-LOGOUT-4', 'SL-LOGOUT-5'],
    // Only where no broadcast follows the sign-out (or it fails): otherwise the app's broadcast
    // handler sees nobody on the device, finds the keychain item, and clears everything.
    fails: ['SL-LOGOUT-4'],
  },
  'no-resume-check': {
    mistake: 'coming back to the foreground does not check the account',
    edits: [{
      find: "if (next === 'active' && previous !== 'active') {",
      replace: "if (false && next === 'active' && previous !== 'active') {",
    }],
    expected: ['SL-LOGIN-7', 'SL-LOGOUT-2', 'SL-SWITCH-3', 'SL-INTERACTIVE-1', 'SL-INTERACTIVE-2'],
    // The five device-surface requirements' "user changes while suspended" scenarios presume the
    // new user shown after resume (SL-SWITCH-3's behaviour): they are not judged, not failed.
    fails: ['SL-INTERACTIVE-1', 'SL-INTERACTIVE-2', 'SL-LOGIN-7', 'SL-LOGOUT-2', 'SL-SWITCH-3'],
  },
  'stock-silent': {
    mistake: "asks react-native-msal's acquireTokenSilent for the broker's account (the wrapper looks it up in the app's own MSAL cache first)",
    edits: [{
      find: 'result = await SharedDeviceMode.acquireTokenSilent({ scopes: API_SCOPES, account });',
      replace: 'result = await pca.acquireTokenSilent({ scopes: API_SCOPES, account });',
    }],
    expected: ['SL-DETECT-4', 'SL-LOGIN-1', 'SL-LOGIN-2', 'SL-LOGIN-5', 'SL-LOGIN-6', 'SL-LOGIN-7',
      'SL-SWITCH-1', 'SL-SWITCH-2', 'SL-SWITCH-3', 'SL-TOKEN-3', 'SL-BROADCAST-1', 'SL-BROADCAST-2'],
    // Every first silent call for an account the broker signed in (Jamf Setup, a user change)
    // finds nothing in the app's own MSAL cache, goes to MSAL with no account (-50002), and costs
    // a prompt. Not LOGIN-2, SWITCH-2, TOKEN-3, BROADCAST-1/2: their failing step comes after the
    // one prompt, once the app's cache holds the account. TOKEN-2, SCOPES-2 and INTERACTIVE-2 too.
    // LOGIN-4: the launch's silent call fails in MSAL (no account) without reaching the broker, so
    // the scripted SSO-extension failure meets the next silent call that does, after the sign-in,
    // and costs a second prompt.
    fails: ['SL-DETECT-4', 'SL-INTERACTIVE-2', 'SL-LOGIN-1', 'SL-LOGIN-4', 'SL-LOGIN-5', 'SL-LOGIN-6', 'SL-LOGIN-7',
      'SL-SCOPES-2', 'SL-SWITCH-1', 'SL-SWITCH-3', 'SL-TOKEN-2'],
  },
};

/** The shipped source with the variant's edits applied; throws when an edit does not match once. */
export function applyVariant(name, source) {
  const variant = variants[name];
  if (!variant) {
    throw new Error(`unknown RN_SEAM_VARIANT '${name}'; known: ${Object.keys(variants).join(', ')}`);
  }
  let result = source;
  for (const { find, replace } of variant.edits) {
    const count = result.split(find).length - 1;
    if (count !== 1) throw new Error(`variant ${name}: its edit matches app/session.js ${count} times, not once: ${find}`);
    result = result.replace(find, () => replace);
  }
  return result;
}
