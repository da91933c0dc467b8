class depsstring {
  notify { "depsstring": }
}
