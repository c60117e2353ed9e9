// A checkpoint records an Observation (ScreenElement, StoredItem), and the app's observe closure
// returns one: an app that imports SingleLoginRecorder names them without a second import.
@_exported import SingleLoginObservation
