case 'zzz' {
  'a': { notify { 'a': } }
  default: { notify { 'default': } }
}
