#pragma once
// Several PurchaseObservers behind the one PurchaseService takes (the favourite-store
// alerts, then the area-watch alerts), each told in the order given.
#include <initializer_list>
#include <vector>

#include "pokeca/personal/favorite_alerts.hpp"

namespace pokeca {

class PurchaseObservers final : public PurchaseObserver {
 public:
  PurchaseObservers(std::initializer_list<PurchaseObserver*> observers) : observers_(observers) {}
  void report_stored(const PurchaseReport& report, const Store& store) noexcept override {
    for (auto* o : observers_)
      if (o) o->report_stored(report, store);
  }

 private:
  std::vector<PurchaseObserver*> observers_;
};

}  // namespace pokeca
