case 'web01.example.com' {
  /^db/: { notify { 'db': } }
  /^(web)(\d+)/: { notify { "match ${1} ${2}": } }
  default: { notify { 'none': } }
}
