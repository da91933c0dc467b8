# Puppet's whit that completes a recursive file, more ways: only a child
# changes; a recursive file in noop with a subscriber; a recursive
# directory with no children (no whit: the subscriber gets its two
# events); children fail (the whit's events are unscheduled, the
# subscriber and a dependent are skipped for the failed children)
File { backup => false }
exec { 'seed':
  command => '/bin/sh -c "mkdir -p @TMP@/src/d @TMP@/in/x @TMP@/ins/x @TMP@/e2; echo a > @TMP@/src/a; echo b > @TMP@/src/d/b; echo 1 > @TMP@/in/x/f; echo old > @TMP@/in/g; echo 1 > @TMP@/ins/x/f; echo new > @TMP@/ins/g; chmod 0700 @TMP@/e2"',
  creates => ['@TMP@/src', '@TMP@/ins'],
}
file { '@TMP@/in': source => '@TMP@/ins', recurse => true, require => Exec['seed'] }
exec { 'r2': command => '/bin/true', refreshonly => true, subscribe => File['@TMP@/in'] }
file { '@TMP@/n2': source => '@TMP@/src', recurse => true, noop => true, require => Exec['seed'] }
exec { 'r4': command => '/bin/true', refreshonly => true, subscribe => File['@TMP@/n2'] }
file { '@TMP@/e2': ensure => directory, recurse => true, mode => '0755', group => 'daemon', require => Exec['seed'] }
exec { 'r9': command => '/bin/true', refreshonly => true, subscribe => File['@TMP@/e2'] }
file { '@TMP@/v2': source => '@TMP@/src', recurse => true, validate_cmd => '/bin/false', require => Exec['seed'] }
exec { 'r3': command => '/bin/true', refreshonly => true, subscribe => File['@TMP@/v2'] }
notify { 'after3': require => File['@TMP@/v2'] }
