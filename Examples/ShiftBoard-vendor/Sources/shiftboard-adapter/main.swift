// ShiftBoard's adapter over stdio, for `sl-conformance run`, `explore` and `doctor`.
import ShiftBoardConformance
import SingleLoginAdapter

_ = await StdioAdapterHost.serve(ShiftBoardAdapter())
