exec { 'three_ok': command => '/bin/sh -c "exit 3"', returns => [0, 3] }
exec { 'five_bad': command => '/bin/sh -c "exit 5"', returns => [0, 3] }
exec { 'single': command => '/bin/sh -c "exit 2"', returns => 2 }
