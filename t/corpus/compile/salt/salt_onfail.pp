exec { 'risky':
  command => '/bin/false',
}
exec { 'risky2':
  command => '/bin/false',
}
notify { 'cleanup':
  onfail => Exec['risky'],
}
notify { 'all failed':
  onfail_all => [Exec['risky'], Exec['risky2']],
}
