# Puppet 7.23 with stdlib 8.5 cannot resolve an alias named in a type string
validate_legacy('Stdlib::Port', 'validate_integer', 80)
