if $facts['os']['family'] == 'debian' {
  notify { 'is debian': }
}
if $facts['processorcount'] > 1 {
  notify { 'multi cpu': }
}
