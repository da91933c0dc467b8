# round, ceiling and floor of integers, floats and (ceiling, floor) numeric strings
notify { 'r1': message => round(2.5) }
notify { 'r2': message => round(-2.5) }
notify { 'r3': message => round(2.4999) }
notify { 'r4': message => round(7) }
notify { 'r5': message => round(-0.4) }
notify { 'c1': message => ceiling(1.1) }
notify { 'c2': message => ceiling(-1.9) }
notify { 'c3': message => ceiling(4) }
notify { 'c4': message => ceiling('2.3') }
notify { 'c5': message => ceiling('-7') }
notify { 'f1': message => floor(1.9) }
notify { 'f2': message => floor(-1.1) }
notify { 'f3': message => floor(4) }
notify { 'f4': message => floor('-2.5') }
notify { 'f5': message => floor('0x10') }
notify { 'types': message => [type(round(2.5)), type(ceiling(1.2)), type(floor('3.7'))] }
