node /^(node)(\d+)\.example/ {
  notify { "${1}-${2}": }
}
