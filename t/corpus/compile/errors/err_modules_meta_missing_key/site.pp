# ntp has a metadata.json without "author", so it is not a module
include ntp
