file { '@TMP@/good': content => "ok\n", check_cmd => '/bin/sh -c "grep -q ok @TMP@/good"' }
file { '@TMP@/bad': content => "nope\n", check_cmd => '/bin/sh -c "grep -q ok @TMP@/bad"' }
notify { 'after_bad': require => File['@TMP@/bad'] }
notify { 'after_good': require => File['@TMP@/good'] }
