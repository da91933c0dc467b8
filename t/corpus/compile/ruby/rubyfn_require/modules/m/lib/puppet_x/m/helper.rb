module PuppetX
  module M
    module Helper
      def self.wrap(s)
        "<#{s}>"
      end
    end
  end
end
