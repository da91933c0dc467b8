# A recursive copy whose child fails (a directory where the source has a
# file, without force): the generated resources below it are skipped,
# each with Puppet's lines, and the recursive file's dependents too
File { backup => false }
exec { 'seed':
  command => '/bin/sh -c "mkdir -p @TMP@/src/e @TMP@/dst/d/sub @TMP@/dst/e @TMP@/c1 @TMP@/c2 @TMP@/c3; echo a > @TMP@/src/a; echo d > @TMP@/src/d; echo c > @TMP@/src/e/c; echo x > @TMP@/dst/d/x; echo y > @TMP@/dst/d/sub/y"',
  creates => '@TMP@/src',
}
file { '@TMP@/dst': source => '@TMP@/src', recurse => true, require => Exec['seed'] }
notify { 'after': require => File['@TMP@/dst'] }
# the same failure outside a recursion: with content or a source, and empty
file { '@TMP@/c1': content => 'x', require => Exec['seed'] }
file { '@TMP@/c2': ensure => file, require => Exec['seed'] }
file { '@TMP@/c3': source => '@TMP@/src/a', require => Exec['seed'] }
