# metadata.json names and dependencies change nothing in a compile: every
# module sees every other, whatever its metadata lists (Puppet 7).
include app
include plain
notify { 'from site': message => lib::fmt('site') }
