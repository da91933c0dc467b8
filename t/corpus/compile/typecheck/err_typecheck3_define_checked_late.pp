# a define's parameters are checked when it is evaluated, after main
define dd($c) {}
dd { 't': zz => 1 }
fail('main comes first')
