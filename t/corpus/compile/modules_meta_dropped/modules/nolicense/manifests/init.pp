class nolicense {
  notify { "nolicense": }
}
