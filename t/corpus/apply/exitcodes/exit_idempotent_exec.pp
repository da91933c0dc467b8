exec { 'once': command => '/bin/sh -c "echo 1 >> @TMP@/count"', creates => '@TMP@/count' }
exec { 'guard_unless': command => '/bin/sh -c "echo u >> @TMP@/u"', unless => '/bin/sh -c "test -s @TMP@/u"' }
exec { 'guard_onlyif': command => '/bin/sh -c "echo o >> @TMP@/o"', onlyif => '/bin/sh -c "test ! -e @TMP@/o"' }
