# declared by another module
include other
