class good {
  notify { "good": }
}
