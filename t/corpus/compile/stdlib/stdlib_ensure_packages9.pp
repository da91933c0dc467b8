# stdlib 9's stdlib::ensure_packages: 'present'/'installed' stay 'present' for a
# package already declared with ensure => present
package { 'pre': ensure => present }
stdlib::ensure_packages('pre')
stdlib::ensure_packages(['a', 'b'])
stdlib::ensure_packages('c', {'ensure' => 'present'})
stdlib::ensure_packages('d', {'ensure' => 'latest', 'provider' => 'apt'})
stdlib::ensure_packages({'e' => {'ensure' => 'absent'}, 'f' => {}}, {'ensure' => 'present'})
stdlib::ensure_packages('a')
