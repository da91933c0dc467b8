# a resource default naming no parameter of the define is a fault of each instance
define dd($c) {}
Dd { zz => 1 }
dd { 't': c => 1 }
