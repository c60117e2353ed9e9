// A spec's reader is written in JSON nodes (`StrictJSONReader` reads `JSONNode`s and reports
// `JSONPosition`s): whoever reads a spec format needs no second import.
@_exported import SingleLoginJSON
