# content and mode (or owner/group) changed in the same run: the new file
# gets its final mode, owner and group before it replaces the old one
File { backup => false }
exec { 'seed':
  command => '/bin/sh -c "mkdir @TMP@/src @TMP@/dst; for f in a b c d dst/x; do printf old > @TMP@/\$f; done; printf \"new x\n\" > @TMP@/src/x; chmod 0644 @TMP@/a @TMP@/b @TMP@/c @TMP@/d @TMP@/dst/x"',
  creates => '@TMP@/src',
}
file { '@TMP@/a': content => "new a\n", mode => '0600', require => Exec['seed'] }
file { '@TMP@/b': content => "new b\n", mode => 'u=rwx,go=rx', require => Exec['seed'] }
file { '@TMP@/c': content => "new c\n", group => 'daemon', mode => '4750', require => Exec['seed'] }
file { '@TMP@/d': content => "new d\n", owner => 'daemon', group => 'daemon', require => Exec['seed'] }
file { '@TMP@/dst': ensure => directory, recurse => true, source => '@TMP@/src', mode => '0640', require => Exec['seed'] }
