# dependencies written as a hash, not an array of {name, version_requirement}
include app
