class c(Timespan[5] $x) {}
class { 'c': x => Timespan(1) }
