# a virtual instance never realized is still checked when the catalog is finished
define dd($c) {}
@dd { 't': zz => 1 }
notify { 'n': }
