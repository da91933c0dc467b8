unless false {
  notify { 'ran': }
}
unless true {
  notify { 'not': }
} else {
  notify { 'else': }
}
