// The adapter kit speaks the seam's types (MSALAccount, MSALError, ...) in every signature, so a
// test target or adapter that imports SingleLoginAdapter gets them too, without a second import.
@_exported import SingleLoginSeam
