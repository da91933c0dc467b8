exec { 'a_bad': command => '/bin/false' }
exec { 'b_ok': command => '/bin/true' }
exec { 'c_bad': command => '/bin/sh -c "exit 2"' }
exec { 'partial': command => '/bin/sh -c "touch @TMP@/partial"', onfail_all => [Exec['a_bad'], Exec['b_ok']] }
exec { 'all_failed': command => '/bin/sh -c "touch @TMP@/all_failed"', onfail_all => [Exec['a_bad'], Exec['c_bad']] }
