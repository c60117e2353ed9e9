// A call's parameters, accounts and error are the values the device trace shares with the event
// stream (SingleLoginCallValues, at the recorder's floor): whoever speaks events speaks them too.
@_exported import SingleLoginCallValues
