class app {
  notify { "app": }
}
