# An unparsable metadata.json is only a warning: the module is used as if it
# had none.  An empty object or array counts as no metadata.
include broken
include empty
include bom
include emptyobj
include emptyarr
include commented
