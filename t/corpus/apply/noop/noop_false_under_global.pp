notify { 'forced': noop => false }
notify { 'dry': }
file { '@TMP@/real': content => "real\n", noop => false }
file { '@TMP@/dry': content => "dry\n" }
