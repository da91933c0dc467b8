case 'q' {
  'a': { notify { 'a': } }
}
notify { 'after': }
