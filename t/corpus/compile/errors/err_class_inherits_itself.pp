class a inherits a {}
include a
