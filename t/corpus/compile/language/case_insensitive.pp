case $facts['os']['name'] {
  'debian': { notify { 'matched lowercase': } }
  default: { notify { 'no': } }
}
