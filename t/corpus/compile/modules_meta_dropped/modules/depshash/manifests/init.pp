class depshash {
  notify { "depshash": }
}
