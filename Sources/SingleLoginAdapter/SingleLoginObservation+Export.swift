// The observation (Observation, ScreenElement, StoredItem) lives in SingleLoginObservation, below the
// app-side recorder, which writes it into a device trace at MSAL's floor; an adapter or test target
// that imports SingleLoginAdapter gets it too, without a second import.
@_exported import SingleLoginObservation
