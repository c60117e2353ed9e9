// The wire's JSON values (`JSONValue`) are part of the kit's vocabulary: an adapter that names
// one needs no second import.
@_exported import SingleLoginJSON
