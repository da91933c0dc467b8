class c {
  tag 'marker'
  $t1 = tagged('marker')
  $t2 = tagged('c')
  $t3 = tagged('nope')
  notify { "${t1} ${t2} ${t3}": }
}
include c
