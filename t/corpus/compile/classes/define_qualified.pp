define my::dt ($p = 1) {
  notify { "my ${title}": }
}
my::dt { 'one': }
