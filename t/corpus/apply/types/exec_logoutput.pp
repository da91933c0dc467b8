exec { 'always': command => '/bin/sh -c "echo one; echo two"', logoutput => true }
exec { 'quiet': command => '/bin/sh -c "echo hidden"' }
exec { 'fail_loud': command => '/bin/sh -c "echo oops; exit 3"' }
exec { 'fail_silent': command => '/bin/sh -c "echo nothing to see; exit 4"', logoutput => false }
