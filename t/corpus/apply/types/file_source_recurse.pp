exec { 'seed': command => '/bin/sh -c "mkdir -p @TMP@/src/sub/deep @TMP@/dst/extra @TMP@/dst/sub; echo one > @TMP@/src/f1; echo two > @TMP@/src/sub/f2; echo three > @TMP@/src/sub/deep/f3; echo e > @TMP@/dst/extra/e; echo junk > @TMP@/dst/junk; echo keep > @TMP@/dst/keep; echo old > @TMP@/dst/sub/f2"', creates => '@TMP@/src' }
file { '@TMP@/dst': ensure => directory, source => '@TMP@/src', recurse => true, purge => true, force => true, backup => false, require => Exec['seed'] }
file { '@TMP@/dst/keep': ensure => file }
file { '@TMP@/new': source => '@TMP@/src', recurse => true, recurselimit => 1, require => Exec['seed'] }
