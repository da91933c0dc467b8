notify { 'none': message => m::rep('-') }
notify { 'some': message => m::rep('-', 'a', 2, 'c') }
notify { 'sum1': message => m::req_rep(5) }
notify { 'sum3': message => m::req_rep(1, 2.5, 3) }
$splat = [4, 5, 6]
notify { 'splat': message => m::req_rep(*$splat) }
