class quoted {
  notify { "quoted": }
}
